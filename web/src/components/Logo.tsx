// The WaterOps mark: a water drop with a wave and a highlight, inline so it needs no asset.
export type LogoProps = {
  /** pixel size of the square mark */
  size?: number;
  /** an image to show instead (the company's own logo) */
  src?: string | null;
};

export function Logo({ size = 32, src }: LogoProps) {
  if (src) return <img className="wo-logo" src={src} width={size} height={size} alt="" />;
  return (
    <svg className="wo-logo" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <defs>
        <linearGradient id="wo-drop" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#5ad1ff" />
          <stop offset="1" stopColor="#0a6fb8" />
        </linearGradient>
      </defs>
      <path d="M24 3C24 3 8 21.5 8 31a16 16 0 0 0 32 0C40 21.5 24 3 24 3z" fill="url(#wo-drop)" />
      <path
        d="M11.5 32c3.2 2.4 6.4 2.4 9.6 0s6.4-2.4 9.6 0 5.2 1.9 6.8.6"
        stroke="#fff"
        strokeWidth="2.6"
        fill="none"
        strokeLinecap="round"
        opacity="0.9"
      />
      <path d="M17 22c1.5-3 3.5-6 5-8" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" opacity="0.75" />
    </svg>
  );
}
