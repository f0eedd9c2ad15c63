// The cancellation and pause reasons of SPEC 5; the labels a person reads are catalogue keys.

type ReasonLabelKey =
  | 'cancelReasonTooExpensive'
  | 'cancelReasonNotUsingEnough'
  | 'reasonMissingFeatures'
  | 'cancelReasonPoorExperience'
  | 'reasonOther'
  | 'pauseReasonTemporarilyNotUsing'
  | 'pauseReasonFinancial'
  | 'pauseReasonTryingOthers';

export interface Reason<T extends string = string> {
  value: T;
  labelKey: ReasonLabelKey;
}

export const cancelReasons = [
  { value: 'too_expensive', labelKey: 'cancelReasonTooExpensive' },
  { value: 'not_using_enough', labelKey: 'cancelReasonNotUsingEnough' },
  { value: 'missing_features', labelKey: 'reasonMissingFeatures' },
  { value: 'poor_experience', labelKey: 'cancelReasonPoorExperience' },
  { value: 'other', labelKey: 'reasonOther' },
] as const satisfies readonly Reason[];

export const pauseReasons = [
  { value: 'temporarily_not_using', labelKey: 'pauseReasonTemporarilyNotUsing' },
  { value: 'financial_reasons', labelKey: 'pauseReasonFinancial' },
  { value: 'trying_other_services', labelKey: 'pauseReasonTryingOthers' },
  { value: 'missing_features', labelKey: 'reasonMissingFeatures' },
  { value: 'other', labelKey: 'reasonOther' },
] as const satisfies readonly Reason[];

export type CancelReason = (typeof cancelReasons)[number]['value'];
export type PauseReason = (typeof pauseReasons)[number]['value'];

export const isCancelReason = (v: unknown): v is CancelReason => cancelReasons.some((r) => r.value === v);
export const isPauseReason = (v: unknown): v is PauseReason => pauseReasons.some((r) => r.value === v);
