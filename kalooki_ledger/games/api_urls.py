"""The API's URLs: the apps' routes put together in one django-ninja API (`api_layer`). The
games' routes are the games'; a higher app passes its own (urls.py: the nights')."""

from . import api, api_layer


def urls(*routers):
    """The one API at /api/v1/, the games' routes and those given, as `include` takes them."""
    return api_layer.urlpatterns(api_layer.build_api(api.router, *routers))
