// PayPal's loader and buttons (src/payments/paypal.ts and @paypal/paypal-js), asked for as the credits modal or the
// plan panel opens, always on a signed-in page; app-layout.ts (which imports entry-graph.ts) says why it is imported:
// without it, what this chunk shares with the pages (the packs) and the entry (the config, the texts) would be files of
// their own.
import './app-layout';
import { wordFailures } from '../state/errors';
import { paypalWording } from '../state/paypal-errors';
export { creditsButtonOptions, renderButtons, subscriptionButtonOptions } from '../payments/paypal';

// PayPal's failures read as SPEC 8 words them from the moment one can happen: before this chunk's loader runs.
wordFailures(paypalWording);
