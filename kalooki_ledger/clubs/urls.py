from django.urls import path

from . import accounts, views

app_name = "clubs"

urlpatterns = [
    path("", views.home, name="home"),
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
    path("<slug:slug>/", views.club, name="club"),
    path("<slug:slug>/members/", views.members, name="members"),
    path("<slug:slug>/sheet/", views.sheet, name="sheet"),
    path("<slug:slug>/members/<int:pk>/", views.member_role, name="member_role"),
    path("<slug:slug>/people/<int:pk>/", views.person, name="person"),
    path("<slug:slug>/people/<int:pk>/handle/", views.person_handle, name="person_handle"),
    path("<slug:slug>/games/new/", views.new_game, name="new_game"),
    path("<slug:slug>/games/file/", views.file_played_game, name="file_game"),
    path("<slug:slug>/games/<int:pk>/", views.game, name="game"),
    path("<slug:slug>/games/<int:pk>/delete/", views.delete_game, name="delete_game"),
    path("<slug:slug>/tournaments/new/", views.new_tournament, name="new_tournament"),
    path("<slug:slug>/tournaments/<int:pk>/", views.tournament, name="tournament"),
    path(
        "<slug:slug>/tournaments/<int:pk>/tables/<int:table>/",
        views.table_link,
        name="table_link",
    ),
    path(
        "<slug:slug>/tournaments/<int:pk>/tables/<int:table>/sheet.pdf",
        views.table_sheet,
        name="table_sheet",
    ),
    path(
        "<slug:slug>/tournaments/<int:pk>/act/",
        views.tournament_action,
        name="tournament_action",
    ),
]
