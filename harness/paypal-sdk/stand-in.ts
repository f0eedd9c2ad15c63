// Stand-in for the PayPal JS SDK (window.paypal), served by the reference backend at /paypal/sdk/js.
// Completed by the payments work; until then it exposes the namespace so the loader resolves.
(window as unknown as { paypal: unknown }).paypal = { version: 'stand-in' };
