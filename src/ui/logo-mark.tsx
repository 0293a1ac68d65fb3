import { useId } from 'react';

/** The Wordsmith AI mark: a rounded square with a nib-like "W" stroke and a spark. */
export function LogoMark({ size = 28 }: { size?: number }) {
  // A per-instance gradient id: several marks on one page must not share an element id.
  const gradientId = `logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#7c4dff" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M7.5 10.5 11 22l4-8.5L19 22l3.5-11.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M24.5 5.5v3M23 7h3" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
