def display_name(user):
    name = user.get("nickname") or user.get("name")
    if not name:
        return "Anonymous"
    return name.title()
