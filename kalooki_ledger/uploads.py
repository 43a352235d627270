"""A cap on uploads: a multipart body longer than the site takes is refused before any of it
is read (Django's own cap, DATA_UPLOAD_MAX_MEMORY_SIZE, leaves files out)."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler


class BodyLimit(FileUploadHandler):
    """First of FILE_UPLOAD_HANDLERS: passes every chunk on, after checking the body's size."""

    def handle_raw_input(self, input_data, META, content_length, boundary, encoding=None):
        if content_length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            # Answered by the site's 413 page (error_pages.bad_request).
            raise RequestDataTooBig("the upload is larger than the site takes")

    def receive_data_chunk(self, raw_data, start):
        return raw_data

    def file_complete(self, file_size):
        return None
