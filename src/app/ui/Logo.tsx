/** The Blocklot mark: a block split into lots. Uses the current primary colour. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled, #2970ff)" />
      <path d="M18 18h12v12H18zM34 18h12v12H34zM18 34h12v12H18z" fill="#fff" />
      <path d="M34 34h12v12H34z" fill="#fff" opacity=".55" />
    </svg>
  );
}
