// Stand-in for the PayPal JS SDK (window.paypal), served by the reference backend at /paypal/sdk/js.
// It reads its own script URL the way PayPal does (the query @paypal/paypal-js builds) and fails loudly on misuse.
import { readScriptParams } from './checks';
import { restClient } from './rest';
import { createNamespace } from './sdk';

const script = document.currentScript;
if (!(script instanceof HTMLScriptElement) || !script.src)
  throw new Error('PayPal SDK stand-in: load it with a <script src> tag');
// A validation error is thrown here, as PayPal's SDK throws: window.paypal stays unset and the loader rejects.
const params = readScriptParams(script.src);
window.paypal = createNamespace({ params, rest: restClient(params.apiBase, params.clientId) });
