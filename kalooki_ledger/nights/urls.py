from django.urls import path

from . import views

app_name = "nights"

urlpatterns = [
    path("groups/new/", views.group_new, name="group_new"),
    path("groups/<token:token>/", views.group, name="group"),
    path("groups/w/<token:token>/", views.group_watch, name="group_watch"),
    path("n/<token:token>/", views.night, name="night"),
    path("n/<token:token>/pay/", views.night_pay, name="pay"),
    path("n/<token:token>/unpay/", views.night_unpay, name="unpay"),
    path("n/<token:token>/games/", views.night_game, name="game"),
    path("n/<token:token>/close/", views.night_close, name="close"),
    path("w/<token:token>/", views.night_watch, name="watch"),
]
