from checkout import order_total, shipping_cost


def test_small_order_pays_shipping():
    assert shipping_cost(20) == 4.95


def test_large_order_ships_free():
    assert order_total(150) == 150


def test_threshold_ships_free():
    assert shipping_cost(100) == 0.0
