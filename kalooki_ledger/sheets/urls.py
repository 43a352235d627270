from django.urls import path

from . import views

app_name = "sheets"

urlpatterns = [
    path("g/<token:token>/score-sheet.pdf", views.pdf, name="pdf"),
    path("g/<token:token>/hands.csv", views.csv, name="csv"),
    path("g/<token:token>/record.json", views.json_record, name="json"),
    path("import/", views.import_record, name="import"),
    path("blank/", views.blank, name="blank"),
]
