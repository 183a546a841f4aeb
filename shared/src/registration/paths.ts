// Paths of self-registration (spec §2 "login and register", §7 "POST /register"): the SMS code, the registration
// itself, and the administrator's view of the built-in SMS outbox.
export const REGISTRATION_PATHS = {
  /** POST JSON SmsCodeRequest: checks the image code, then sends a 6-digit code to the mobile (public) */
  smsCode: '/api-uaa/sms/code',
  /** POST JSON RegisterRequest: creates an enabled account in the registration company (public) */
  register: '/api-uaa/register',
  /** GET: the tenant's SMS outbox, paged (page, limit, mobile), newest first (sys:sms:view) */
  smsOutbox: '/api-user/sms/outbox',
} as const;
