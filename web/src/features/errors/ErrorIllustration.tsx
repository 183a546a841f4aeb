// Inline illustrations for the 401 and 404 pages (no external assets): a water tower with a lock, or a lost pipe.
export type ErrorIllustrationProps = {
  /** which picture */
  kind: '401' | '404';
};

export function ErrorIllustration({ kind }: ErrorIllustrationProps) {
  return (
    <svg className="wo-error-art" viewBox="0 0 320 220" aria-hidden="true">
      <ellipse cx="160" cy="200" rx="130" ry="12" fill="var(--wo-accent-soft)" />
      <path d="M40 170 h240" stroke="var(--wo-accent-soft-strong)" strokeWidth="4" strokeLinecap="round" />
      {kind === '404' ? (
        <>
          <rect x="40" y="120" width="90" height="22" rx="4" fill="var(--wo-accent)" opacity="0.85" />
          <rect x="126" y="114" width="12" height="34" rx="3" fill="var(--wo-accent-dark)" />
          <rect x="190" y="120" width="90" height="22" rx="4" fill="var(--wo-accent)" opacity="0.85" />
          <rect x="182" y="114" width="12" height="34" rx="3" fill="var(--wo-accent-dark)" />
          <path
            d="M146 131 q 8 -12 16 0 t 16 0"
            stroke="var(--wo-accent)"
            strokeWidth="3"
            fill="none"
            strokeDasharray="4 5"
          />
          <path d="M160 150 C160 150 150 164 150 170 a10 10 0 0 0 20 0 C170 164 160 150 160 150z" fill="#5ab8ef" />
          <text x="160" y="80" textAnchor="middle" fontSize="64" fontWeight="700" fill="var(--wo-accent)" opacity="0.9">
            404
          </text>
        </>
      ) : (
        <>
          <rect x="112" y="40" width="96" height="70" rx="10" fill="var(--wo-accent)" opacity="0.9" />
          <path
            d="M122 110 l-14 60 M198 110 l14 60 M130 140 h60"
            stroke="var(--wo-accent-dark)"
            strokeWidth="6"
            strokeLinecap="round"
          />
          <rect x="138" y="66" width="44" height="34" rx="6" fill="#fff" />
          <path d="M148 66 v-8 a12 12 0 0 1 24 0 v8" stroke="#fff" strokeWidth="6" fill="none" />
          <circle cx="160" cy="82" r="5" fill="var(--wo-accent)" />
          <text x="250" y="70" textAnchor="middle" fontSize="40" fontWeight="700" fill="var(--wo-accent)" opacity="0.8">
            401
          </text>
        </>
      )}
    </svg>
  );
}
