from django.urls import path

from . import api

app_name = "api"

urlpatterns = [
    path("openapi.json", api.openapi, name="openapi"),
    path("", api.docs, name="docs"),
    path("games/<token:token>", api.game, name="game"),
    path("games/<token:token>/hands", api.hands, name="hands"),
    path("games/<token:token>/hands/<int:number>", api.hand, name="hand"),
    path("games/<token:token>/undo", api.undo, name="undo"),
    path("games/<token:token>/buy-ins", api.buy_in, name="buy_in"),
    path("games/<token:token>/stop", api.stop, name="stop"),
    path("games/<token:token>/paid", api.paid, name="paid"),
    path("games/<token:token>/date", api.played_on, name="date"),
]
