/**
 * Paddle, the fallback when a Stripe checkout cannot be started (01 §4 "Stripe checkout failure falls back to
 * Paddle"; openapi stripeCheckout "On failure the client falls back to Paddle"). Paddle checkouts open in the
 * browser with Paddle.js and a price id (plan.paddle_monthly_plan / paddle_yearly_plan); there is no backend
 * call for it in 01 §7. Paddle.js is loaded by the deployment that sells through Paddle (the reference
 * build's CSP allows no third-party script), so the fallback is available exactly when `window.Paddle` is.
 */
export interface PaddleLike {
  Checkout: { open(options: { items: { priceId: string; quantity: number }[]; customer?: { email: string }; customData?: Record<string, unknown> }): void };
}

export function paddle(): PaddleLike | null {
  const p = (globalThis as { Paddle?: PaddleLike }).Paddle;
  return p && typeof p.Checkout?.open === 'function' ? p : null;
}

/** Opens the Paddle checkout for a price; false when Paddle is not available here. */
export function openPaddleCheckout(priceId: string | null | undefined, customer: { email?: string; userId?: number }): boolean {
  const p = paddle();
  if (!p || !priceId) return false;
  p.Checkout.open({
    items: [{ priceId, quantity: 1 }],
    ...(customer.email ? { customer: { email: customer.email } } : {}),
    customData: customer.userId ? { user_id: customer.userId } : undefined,
  });
  return true;
}
