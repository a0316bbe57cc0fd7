/** A light inline illustration for the hero: a city block of lots, one being filed. */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 360 280" width="100%" style={{ maxWidth: 420 }} aria-hidden="true" focusable="false">
      <rect x="8" y="240" width="344" height="10" rx="5" fill="var(--mantine-color-gray-3)" />
      <rect x="30" y="120" width="70" height="120" rx="8" fill="var(--mantine-primary-color-light)" />
      <rect
        x="110"
        y="60"
        width="80"
        height="180"
        rx="8"
        fill="var(--mantine-primary-color-filled)"
        opacity=".9"
      />
      <rect x="200" y="100" width="60" height="140" rx="8" fill="var(--mantine-primary-color-light)" />
      <rect
        x="270"
        y="150"
        width="60"
        height="90"
        rx="8"
        fill="var(--mantine-primary-color-filled)"
        opacity=".6"
      />
      {[0, 1, 2, 3, 4].map((row) =>
        [0, 1].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={126 + col * 30}
            y={80 + row * 30}
            width="18"
            height="16"
            rx="3"
            fill="#fff"
            opacity=".85"
          />
        )),
      )}
      <g transform="translate(228 28)">
        <rect
          width="110"
          height="76"
          rx="10"
          fill="var(--mantine-color-body)"
          stroke="var(--mantine-color-gray-4)"
        />
        <rect x="14" y="16" width="60" height="8" rx="4" fill="var(--mantine-color-gray-4)" />
        <rect x="14" y="32" width="82" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
        <rect x="14" y="48" width="44" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
        <circle cx="92" cy="56" r="12" fill="var(--mantine-color-green-6)" />
        <path d="M86 56l4 4 8-8" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
      </g>
    </svg>
  );
}
