import { describe, expect, it } from 'vitest';
import { type CompanySave, validateCompany, validateCompanyProfile } from './companies.ts';

const valid: CompanySave = {
  name: '东城水务',
  kind: 'water',
  code: 'DCSW01',
  phone: '13912345678',
  adminUsername: 'dcadmin',
  adminPassword: 'start1',
};
const fields = (c: Partial<CompanySave>, mode: 'create' | 'update' = 'create') =>
  validateCompany({ ...valid, ...c }, mode).map((v) => [v.field, v.message]);

describe('validateCompany', () => {
  it.each([
    [{}, []],
    [{ name: ' ' }, [['name', 'rules.companyName.required']]],
    [{ code: '' }, [['code', 'rules.companyCode.required']]],
    [{ code: 'A' }, [['code', 'rules.companyCode.format']]],
    [{ code: 'A'.repeat(21) }, [['code', 'rules.companyCode.format']]],
    [{ code: ' ab12 ' }, []],
    [{ code: '水务' }, [['code', 'rules.companyCode.format']]],
    [{ phone: '' }, []],
    [{ phone: '1391234567' }, [['phone', 'rules.mobile.format']]],
    [{ logoImg: '/api-file/files/0f8fad5b-d9cb-469f-a165-70867728950e' }, []],
    [{ logoImg: 'https://cdn.example.com/logo.png' }, []],
    [{ logoImg: 'data:image/svg+xml,<svg onload=alert(1)>' }, [['logoImg', 'rules.logoImg.format']]],
    [{ adminUsername: '' }, [['adminUsername', 'rules.username.required']]],
    [{ adminPassword: ' 12345 ' }, [['adminPassword', 'rules.accountPassword.format']]],
    [{ adminMobile: '23912345678' }, [['adminMobile', 'rules.mobile.format']]],
  ] as const)('create %o → %o', (c, expected) => {
    expect(fields(c)).toEqual(expected);
  });

  it('does not ask for the administrator when updating', () => {
    expect(fields({ adminUsername: undefined, adminPassword: undefined }, 'update')).toEqual([]);
    expect(fields({ adminUsername: undefined, adminPassword: undefined }, 'create')).toEqual([
      ['adminUsername', 'rules.username.required'],
      ['adminPassword', 'rules.accountPassword.format'],
    ]);
  });

  it('checks the profile without code or administrator', () => {
    expect(validateCompanyProfile({ name: '东城水务' })).toEqual([]);
    expect(validateCompanyProfile({ name: '' })).toEqual([{ field: 'name', message: 'rules.companyName.required' }]);
  });
});
