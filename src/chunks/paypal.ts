// PayPal's loader and buttons (src/payments/paypal.ts and @paypal/paypal-js), asked for as the credits modal or the
// plan panel opens; entry-graph.ts says why it is imported (without it, what this chunk shares with the entry, the
// config and the texts, would be a file of its own on /auth's critical path).
import './entry-graph';
export { creditsButtonOptions, renderButtons, subscriptionButtonOptions } from '../payments/paypal';
