// The outline house drawn wherever a design has no picture (decorative: hidden from assistive technology).
export function HouseIcon({ size, strokeWidth }: { size: number; strokeWidth: number }) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M6 22 24 7l18 15v3h-4v16H10V25H6z"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinejoin="round"
      />
      <path d="M20 41V30h8v11" fill="none" stroke="currentColor" strokeWidth={strokeWidth} />
    </svg>
  );
}
