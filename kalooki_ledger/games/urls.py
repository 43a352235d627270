from django.urls import path

from . import room
from .views import corrections, setup, sheet, table, watch

app_name = "games"

urlpatterns = [
    path("", setup.home, name="home"),
    path("new/", setup.new_game, name="new"),
    path("forget/", setup.forget, name="forget"),
    path("rules/new/", setup.house_rules_new, name="house_rules_new"),
    path("rules/<slug:slug>/", setup.house_rules, name="house_rules"),  # not a game token
    path("g/<token:token>/phone/", sheet.phone_name, name="phone"),
    path("g/<token:token>/", table.table, name="table"),
    path("g/<token:token>/hands/", table.record_hand, name="record"),
    path("g/<token:token>/buy-in/", table.buy_in, name="buy_in"),
    path("g/<token:token>/undo/", table.undo, name="undo"),
    path("g/<token:token>/handover/", table.hand_over, name="handover"),
    path("g/<token:token>/hands/<int:number>/edit/", corrections.edit_hand, name="edit"),
    path("g/<token:token>/hands/<int:number>/delete/", corrections.delete_hand, name="delete"),
    path("g/<token:token>/stop/", table.stop, name="stop"),
    path("g/<token:token>/paid/", table.paid, name="paid"),
    path("g/<token:token>/pay-handle/", table.pay_handle, name="pay_handle"),
    path("g/<token:token>/date/", sheet.played_on, name="date"),
    path("g/<token:token>/sheet/", sheet.sheet, name="sheet"),
    path("g/<token:token>/rules/", sheet.rules, name="rules"),
    path("w/<token:token>/", watch.watch, name="watch"),
    path("w/<token:token>/sheet/", watch.watch_sheet, name="watch_sheet"),
    path("w/<token:token>/remember/", watch.watch_remember, name="watch_remember"),
    path("w/<token:token>/rules/", watch.watch_rules, name="watch_rules"),
    path("w/<token:token>/qr.svg", watch.watch_qr, name="watch_qr"),
    path("w/<token:token>/board/", room.panel, name="room_panel"),
]
