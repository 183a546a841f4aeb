// Status codes shared by server and client (spec §8: success 200 and 0; 401 invalid login; 403 no permission).
export const SUCCESS_CODES: readonly number[] = [0, 200];
export const INVALID_LOGIN_CODE = 401;
export const NO_PERMISSION_CODE = 403;
/** Business failure code used with HTTP 200 (duplicate code, wrong state, wrong old password...). */
export const BUSINESS_FAILURE_CODE = 1;
