// The credit packs and render costs of SPEC 9. Texts are catalogue keys with their figures; the UI words them.

/** One feature line of a pack: how many renders it buys, or that credits never expire. */
type PackFeature =
  { key: 'packRenders'; params: { standard: number; hd: number } } | { key: 'creditsNeverExpire'; params?: undefined };

export interface CreditPack {
  id: string;
  amount: number;
  /** Price in USD, two decimals, as sent to PayPal. */
  price: string;
  pricePerCredit: string;
  savings?: string;
  bestValue: boolean;
  features: readonly PackFeature[];
}

function pack(
  id: string,
  amount: number,
  price: string,
  extra: Partial<CreditPack>,
  renders: { standard: number; hd: number },
): CreditPack {
  return {
    id,
    amount,
    price,
    pricePerCredit: pricePerCredit(price, amount),
    bestValue: false,
    features: [{ key: 'packRenders', params: renders }, { key: 'creditsNeverExpire' }],
    ...extra,
  };
}

/**
 * Price per credit from the cents, rounded half up to 2 decimals ("9.99" for 15 -> "0.67").
 * @internal Exported for its unit test alone: the shop's three packs cannot reach its rounding's edges.
 */
export function pricePerCredit(price: string, amount: number): string {
  const cents = Math.round(Number(price) * 100);
  return (Math.round(cents / amount) / 100).toFixed(2);
}

// The savings are the shop's published figures (SPEC 9), shown as given; they are not derived from pricePerCredit.
export const creditPacks: readonly CreditPack[] = [
  pack('credits-15', 15, '9.99', {}, { standard: 15, hd: 5 }),
  pack('credits-30', 30, '14.99', { savings: '33%' }, { standard: 30, hd: 10 }),
  pack('credits-60', 60, '24.99', { savings: '40%', bestValue: true }, { standard: 60, hd: 20 }),
];

export const renderCosts = { standard: 1, hd: 3 } as const;

export function packById(id: string): CreditPack | undefined {
  return creditPacks.find((p) => p.id === id);
}

export function packByAmount(amount: number): CreditPack | undefined {
  return creditPacks.find((p) => p.amount === amount);
}

/** The pack whose price is `value` (PayPal's amount, "14.99"), or undefined when no pack costs that. */
export function packByPrice(value: string): CreditPack | undefined {
  return creditPacks.find((p) => p.price === value);
}

/** The USD amount as PayPal wants it: a plain decimal with exactly 2 places ("14.99"). */
export function usdAmount(price: string): string {
  const cents = Math.round(Number(price) * 100);
  if (!Number.isFinite(cents) || cents <= 0) throw new Error(`not a price: ${price}`);
  return (cents / 100).toFixed(2);
}
