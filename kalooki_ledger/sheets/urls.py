app_name = "sheets"

urlpatterns: list = []
