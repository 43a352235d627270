from django.urls import path

from . import api

app_name = "nights_api"

urlpatterns = [
    path("nights/<token:token>", api.night, name="night"),
    path("nights/<token:token>/payments", api.night_payments, name="payments"),
    path("nights/<token:token>/games", api.night_games, name="games"),
    path("nights/<token:token>/close", api.night_close, name="close"),
    path("groups/<token:token>", api.group, name="group"),
]
