/** A small inline illustration for the error pages: a city block with a missing lot. */
export function ErrorIllustration({ status }: { status: number }) {
  return (
    <svg viewBox="0 0 320 180" width="100%" style={{ maxWidth: 320 }} role="img" aria-label={`${status}`}>
      <rect x="10" y="150" width="300" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
      <rect x="40" y="60" width="60" height="90" rx="6" fill="var(--mantine-primary-color-light)" />
      <rect
        x="110"
        y="30"
        width="70"
        height="120"
        rx="6"
        fill="var(--mantine-primary-color-filled)"
        opacity=".85"
      />
      <rect
        x="190"
        y="80"
        width="80"
        height="70"
        rx="6"
        fill="none"
        stroke="var(--mantine-primary-color-filled)"
        strokeDasharray="8 6"
        strokeWidth="3"
      />
      <text
        x="230"
        y="124"
        textAnchor="middle"
        fontSize="22"
        fontWeight="700"
        fill="var(--mantine-primary-color-filled)"
        fontFamily="'Plus Jakarta Sans', sans-serif"
      >
        {status}
      </text>
      {[0, 1, 2].map((r) =>
        [0, 1].map((c) => (
          <rect
            key={`${r}-${c}`}
            x={124 + c * 24}
            y={46 + r * 28}
            width="16"
            height="16"
            rx="3"
            fill="#fff"
            opacity=".8"
          />
        )),
      )}
    </svg>
  );
}
