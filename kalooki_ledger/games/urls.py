from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("g/<str:token>/", views.table, name="table"),
    path("w/<str:token>/", views.watch, name="watch"),
]
