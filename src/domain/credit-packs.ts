// The credit packs and render costs of SPEC 9.
export interface CreditPack {
  id: string;
  amount: number;
  /** Price in USD, two decimals, as sent to PayPal. */
  price: string;
  pricePerCredit: string;
  savings?: string;
  bestValue: boolean;
  description: string;
  features: string[];
}

function pack(id: string, amount: number, price: string, extra: Partial<CreditPack>, features: string[]): CreditPack {
  return {
    id,
    amount,
    price,
    pricePerCredit: pricePerCredit(price, amount),
    bestValue: false,
    description: `${amount} Dream Render credits`,
    features,
    ...extra,
  };
}

/** Price per credit from the cents, rounded half up to 2 decimals ("9.99" for 15 -> "0.67"). */
export function pricePerCredit(price: string, amount: number): string {
  const cents = Math.round(Number(price) * 100);
  return (Math.round(cents / amount) / 100).toFixed(2);
}

// The savings are the shop's published figures (SPEC 9), shown as given; they are not derived from pricePerCredit.
export const creditPacks: readonly CreditPack[] = [
  pack('credits-15', 15, '9.99', {}, ['15 Standard renders or 5 HD renders', 'Credits never expire']),
  pack('credits-30', 30, '14.99', { savings: '33%' }, ['30 Standard renders or 10 HD renders', 'Credits never expire']),
  pack('credits-60', 60, '24.99', { savings: '40%', bestValue: true }, ['60 Standard renders or 20 HD renders', 'Credits never expire']),
];

export const renderCosts = { standard: 1, hd: 3 } as const;

export function packById(id: string): CreditPack | undefined {
  return creditPacks.find((p) => p.id === id);
}

export function packByAmount(amount: number): CreditPack | undefined {
  return creditPacks.find((p) => p.amount === amount);
}

/** The USD amount as PayPal wants it: a plain decimal with exactly 2 places ("14.99"). */
export function usdAmount(price: string): string {
  const cents = Math.round(Number(price) * 100);
  if (!Number.isFinite(cents) || cents <= 0) throw new Error(`not a price: ${price}`);
  return (cents / 100).toFixed(2);
}
