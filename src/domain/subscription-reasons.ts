// The cancellation and pause reasons of SPEC 5, with the labels a person reads.

export interface Reason<T extends string = string> {
  value: T;
  label: string;
}

export const cancelReasons = [
  { value: 'too_expensive', label: 'It is too expensive' },
  { value: 'not_using_enough', label: 'I am not using it enough' },
  { value: 'missing_features', label: 'It is missing features I need' },
  { value: 'poor_experience', label: 'I had a poor experience' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Reason[];

export const pauseReasons = [
  { value: 'temporarily_not_using', label: 'I am temporarily not using it' },
  { value: 'financial_reasons', label: 'Financial reasons' },
  { value: 'trying_other_services', label: 'I am trying other services' },
  { value: 'missing_features', label: 'It is missing features I need' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Reason[];

export type CancelReason = (typeof cancelReasons)[number]['value'];
export type PauseReason = (typeof pauseReasons)[number]['value'];

export const isCancelReason = (v: unknown): v is CancelReason => cancelReasons.some((r) => r.value === v);
export const isPauseReason = (v: unknown): v is PauseReason => pauseReasons.some((r) => r.value === v);
