from django.urls import path

from . import accounts
from .views import club_pages, games, members, paper, people, tournament_desk

app_name = "clubs"

urlpatterns = [
    path("", club_pages.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/logout/", accounts.logout_view, name="logout"),
    path("accounts/password-reset/", accounts.password_reset, name="password_reset"),
    path("accounts/password-reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("accounts/reset/done/", accounts.password_reset_complete, name="password_reset_complete"),
    path("<slug:slug>/", club_pages.club, name="club"),
    path("<slug:slug>/members/", members.members, name="members"),
    path("<slug:slug>/sheet/", paper.sheet, name="sheet"),
    path("<slug:slug>/members/<int:pk>/", members.member_role, name="member_role"),
    path("<slug:slug>/people/<int:pk>/", people.person, name="person"),
    path("<slug:slug>/people/<int:pk>/handle/", people.person_handle, name="person_handle"),
    path("<slug:slug>/games/new/", games.new_game, name="new_game"),
    path("<slug:slug>/games/file/", games.file_played_game, name="file_game"),
    path("<slug:slug>/games/<int:pk>/", games.game, name="game"),
    path("<slug:slug>/games/<int:pk>/delete/", games.delete_game, name="delete_game"),
    path("<slug:slug>/tournaments/new/", tournament_desk.new_tournament, name="new_tournament"),
    path("<slug:slug>/tournaments/<int:pk>/", tournament_desk.tournament, name="tournament"),
    path(
        "<slug:slug>/tournaments/<int:pk>/tables/<int:table>/",
        tournament_desk.table_link,
        name="table_link",
    ),
    path(
        "<slug:slug>/tournaments/<int:pk>/tables/<int:table>/sheet.pdf",
        paper.table_sheet,
        name="table_sheet",
    ),
    path(
        "<slug:slug>/tournaments/<int:pk>/act/",
        tournament_desk.tournament_action,
        name="tournament_action",
    ),
]
