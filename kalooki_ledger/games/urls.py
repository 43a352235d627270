from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_game, name="new"),
    path("rules/new/", views.house_rules_new, name="house_rules_new"),
    path("rules/<slug:slug>/", views.house_rules, name="house_rules"),  # not a game token
    path("g/<str:token>/", views.table, name="table"),
    path("g/<str:token>/hands/", views.record_hand, name="record"),
    path("g/<str:token>/buy-in/", views.buy_in, name="buy_in"),
    path("g/<str:token>/undo/", views.undo, name="undo"),
    path("g/<str:token>/hands/<int:number>/edit/", views.edit_hand, name="edit"),
    path("g/<str:token>/hands/<int:number>/delete/", views.delete_hand, name="delete"),
    path("g/<str:token>/stop/", views.stop, name="stop"),
    path("g/<str:token>/paid/", views.paid, name="paid"),
    path("g/<str:token>/sheet/", views.sheet, name="sheet"),
    path("g/<str:token>/rules/", views.rules, name="rules"),
    path("w/<str:token>/", views.watch, name="watch"),
    path("w/<str:token>/sheet/", views.watch_sheet, name="watch_sheet"),
    path("w/<str:token>/rules/", views.watch_rules, name="watch_rules"),
]
