FREE_SHIPPING_FROM = 100


def shipping_cost(subtotal):
    if subtotal > FREE_SHIPPING_FROM:
        return 0.0
    return 4.95


def order_total(subtotal):
    return round(subtotal + shipping_cost(subtotal), 2)
