import type { ReactNode, SVGProps } from 'react';

/**
 * Small line icons drawn for this product in a lucide-like style (24 × 24 grid, 2 px stroke,
 * round caps). Decorative by default (aria-hidden); give the surrounding control the name.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

function icon(name: string, body: ReactNode) {
  function Icon({ size = 18, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        data-icon={name}
        {...props}
      >
        {body}
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const XIcon = icon('x', <path d="M18 6 6 18M6 6l12 12" />);
export const CheckIcon = icon('check', <path d="M20 6 9 17l-5-5" />);
export const ChevronDownIcon = icon('chevron-down', <path d="m6 9 6 6 6-6" />);
export const ChevronRightIcon = icon('chevron-right', <path d="m9 6 6 6-6 6" />);
export const ChevronsUpDownIcon = icon('chevrons-up-down', <path d="m7 15 5 5 5-5M7 9l5-5 5 5" />);
export const PanelLeftIcon = icon(
  'panel-left',
  <>
    <rect x="3" y="3" width="18" height="18" rx="2.5" />
    <path d="M9 3v18" />
  </>,
);
export const MenuIcon = icon('menu', <path d="M4 6h16M4 12h16M4 18h16" />);
export const SearchIcon = icon(
  'search',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const HistoryIcon = icon(
  'history',
  <>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5M12 7v5l3.5 2" />
  </>,
);
export const StarIcon = icon(
  'star',
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
);
export const ImageIcon = icon(
  'image',
  <>
    <rect x="3" y="3" width="18" height="18" rx="2.5" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-4.5-4.5L6 21" />
  </>,
);
export const BookIcon = icon(
  'book',
  <>
    <path d="M4 19.5V5a2 2 0 0 1 2-2h14v16H6.5A2.5 2.5 0 0 0 4 21.5" />
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20" />
  </>,
);
export const FileTextIcon = icon(
  'file-text',
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6M9 9h1" />
  </>,
);
export const LibraryIcon = icon(
  'library',
  <>
    <path d="M5 4v16M9 4v16" />
    <path d="m13 4.5 4.5 15.5" />
    <path d="M3 20h18" />
  </>,
);
export const PlusIcon = icon('plus', <path d="M12 5v14M5 12h14" />);
export const VideoIcon = icon(
  'video',
  <>
    <rect x="2.5" y="6" width="13" height="12" rx="2" />
    <path d="m15.5 10 6-3.5v11l-6-3.5" />
  </>,
);
export const WandIcon = icon(
  'wand',
  <>
    <path d="m4 20 11-11M13 7l4 4" />
    <path d="M18 2v4M16 4h4M20 12v3M18.5 13.5h3M9 2.5v2M8 3.5h2" />
  </>,
);
export const GridIcon = icon(
  'grid',
  <>
    <rect x="3" y="3" width="7.5" height="7.5" rx="1.5" />
    <rect x="13.5" y="3" width="7.5" height="7.5" rx="1.5" />
    <rect x="3" y="13.5" width="7.5" height="7.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="7.5" height="7.5" rx="1.5" />
  </>,
);
export const ChatIcon = icon('chat', <path d="M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.1A8 8 0 1 1 21 12z" />);
export const UserIcon = icon(
  'user',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const CreditCardIcon = icon(
  'credit-card',
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19M6.5 15h3" />
  </>,
);
export const CompassIcon = icon(
  'compass',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>,
);
export const BriefcaseIcon = icon(
  'briefcase',
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
  </>,
);
export const SettingsIcon = icon(
  'settings',
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </>,
);
export const GlobeIcon = icon(
  'globe',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
export const LifeBuoyIcon = icon(
  'life-buoy',
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="3.5" />
    <path d="m5.6 5.6 4 4M14.4 14.4l4 4M14.4 9.6l4-4M5.6 18.4l4-4" />
  </>,
);
export const LogOutIcon = icon(
  'log-out',
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5M21 12H9" />
  </>,
);
export const SmartphoneIcon = icon(
  'smartphone',
  <>
    <rect x="6" y="2" width="12" height="20" rx="2.5" />
    <path d="M11 18h2" />
  </>,
);
export const InfoIcon = icon(
  'info',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16v-4M12 8h.01" />
  </>,
);
export const AlertTriangleIcon = icon(
  'alert-triangle',
  <>
    <path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);
export const CheckCircleIcon = icon(
  'check-circle',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </>,
);
export const XCircleIcon = icon(
  'x-circle',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15 9-6 6M9 9l6 6" />
  </>,
);
export const SunIcon = icon(
  'sun',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);
export const MoonIcon = icon('moon', <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />);
export const SparklesIcon = icon(
  'sparkles',
  <>
    <path d="M12 3.5 13.8 9l5.7 1.8-5.7 1.9L12 18.5l-1.8-5.8L4.5 10.8 10.2 9z" />
    <path d="M19 3v3M17.5 4.5h3M5 17.5v3M3.5 19h3" />
  </>,
);
export const ExternalLinkIcon = icon(
  'external-link',
  <>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </>,
);
export const MoreHorizontalIcon = icon(
  'more-horizontal',
  <>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </>,
);
