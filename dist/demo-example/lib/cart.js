'use strict';
/**
 * Pricing for a small web shop: line totals with a bulk discount, the cart subtotal, shipping
 * (free from a threshold) and the order total. Amounts are in euros, rounded to cents.
 */

const BULK_QUANTITY = 10; // ten or more of one item: 10% off that line
const BULK_DISCOUNT = 0.1;
const FREE_SHIPPING_FROM = 50;
const SHIPPING = 4.95;

function roundCents(amount) {
  return Math.round(amount * 100) / 100;
}

function lineTotal(item) {
  const gross = item.unitPrice * item.quantity;
  const discount = item.quantity > BULK_QUANTITY ? BULK_DISCOUNT : 0;
  return roundCents(gross * (1 - discount));
}

function subtotal(items) {
  return roundCents(items.reduce((sum, item) => sum + lineTotal(item), 0));
}

function shipping(amount) {
  if (amount === 0 || amount >= FREE_SHIPPING_FROM) return 0;
  return SHIPPING;
}

function orderTotal(items) {
  const amount = subtotal(items);
  return roundCents(amount + shipping(amount));
}

module.exports = { lineTotal, subtotal, shipping, orderTotal };
