from django.urls import path

from . import room, views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_game, name="new"),
    path("forget/", views.forget, name="forget"),
    path("rules/new/", views.house_rules_new, name="house_rules_new"),
    path("rules/<slug:slug>/", views.house_rules, name="house_rules"),  # not a game token
    path("g/<token:token>/phone/", views.phone_name, name="phone"),
    path("g/<token:token>/", views.table, name="table"),
    path("g/<token:token>/hands/", views.record_hand, name="record"),
    path("g/<token:token>/buy-in/", views.buy_in, name="buy_in"),
    path("g/<token:token>/undo/", views.undo, name="undo"),
    path("g/<token:token>/handover/", views.hand_over, name="handover"),
    path("g/<token:token>/hands/<int:number>/edit/", views.edit_hand, name="edit"),
    path("g/<token:token>/hands/<int:number>/delete/", views.delete_hand, name="delete"),
    path("g/<token:token>/stop/", views.stop, name="stop"),
    path("g/<token:token>/paid/", views.paid, name="paid"),
    path("g/<token:token>/pay-handle/", views.pay_handle, name="pay_handle"),
    path("g/<token:token>/date/", views.played_on, name="date"),
    path("g/<token:token>/sheet/", views.sheet, name="sheet"),
    path("g/<token:token>/rules/", views.rules, name="rules"),
    path("w/<token:token>/", views.watch, name="watch"),
    path("w/<token:token>/sheet/", views.watch_sheet, name="watch_sheet"),
    path("w/<token:token>/remember/", views.watch_remember, name="watch_remember"),
    path("w/<token:token>/rules/", views.watch_rules, name="watch_rules"),
    path("w/<token:token>/qr.svg", views.watch_qr, name="watch_qr"),
    path("w/<token:token>/board/", room.panel, name="room_panel"),
]
