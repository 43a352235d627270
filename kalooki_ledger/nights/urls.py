from django.urls import path

from . import exports, settings_views, views

app_name = "nights"

urlpatterns = [
    path("groups/new/", views.group_new, name="group_new"),
    path("groups/<token:token>/", views.group, name="group"),
    path("groups/<token:token>/settings/", settings_views.group_settings, name="group_settings"),
    path("groups/w/<token:token>/", views.group_watch, name="group_watch"),
    path("n/<token:token>/", views.night, name="night"),
    path("n/<token:token>/pay/", views.night_pay, name="pay"),
    path("n/<token:token>/unpay/", views.night_unpay, name="unpay"),
    path("n/<token:token>/games/", views.night_game, name="game"),
    path("n/<token:token>/close/", views.night_close, name="close"),
    path("w/<token:token>/", views.night_watch, name="watch"),
    path("file/<token:token>/night.json", exports.night_record, name="json"),
    path("file/<token:token>/night.csv", exports.night_csv, name="csv"),
    path("file/<token:token>/night.pdf", exports.night_pdf, name="pdf"),
    path("import/", exports.import_form, name="import_form"),
    path("import/send/", exports.import_record, name="import"),
]
