import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import { DEFAULT_ERROR_HEADING, buildErrorMessages, parseXMessage } from '../src/api/errors.ts';
import { splitFormErrors } from '../src/lib/formErrors.ts';

describe('error notification builder (spec 2 §8.2)', () => {
  it('takes the first message of each error in a list', () => {
    expect(buildErrorMessages({ errors: [{ messages: ['a', 'b'] }, { message: 'c' }, {}] })).toEqual([
      'a',
      'c',
    ]);
  });

  it('flattens a modelState map', () => {
    expect(buildErrorMessages({ modelState: { email: ['x', 'y'], code: 'z' }, message: 'ignored' })).toEqual([
      'x',
      'y',
      'z',
    ]);
  });

  it('falls back to the message text or the error itself', () => {
    expect(buildErrorMessages({ message: 'Incorrect email or password.' })).toEqual([
      'Incorrect email or password.',
    ]);
    expect(buildErrorMessages('Too many attempts')).toEqual(['Too many attempts']);
    expect(buildErrorMessages(null)).toEqual([]);
  });

  it('has the default heading of the spec', () => {
    expect(DEFAULT_ERROR_HEADING).toBe('Your configuration is invalid. Please correct the following errors:');
  });

  it('reads the x-message header', () => {
    expect(parseXMessage('[{"Type":"Warning","Message":"Check the tilt"}]')).toEqual([
      { type: 'warning', message: 'Check the tilt' },
    ]);
    expect(parseXMessage('plain words')).toEqual([{ type: 'warning', message: 'plain words' }]);
    expect(parseXMessage(null)).toEqual([]);
  });

  it('gives ApiError the first message and the modelState', () => {
    const error = new ApiError(400, { message: 'Invalid', modelState: { code: ['Code is not valid.'] } });
    expect(error.message).toBe('Code is not valid.');
    expect(error.modelState).toEqual({ code: ['Code is not valid.'] });
  });
});

describe('splitFormErrors', () => {
  it('puts modelState messages under the matching fields, case-insensitively', () => {
    const error = new ApiError(400, {
      message: 'Invalid input',
      modelState: {
        Email: ['Enter a valid email address.'],
        'model.password': ['One number', 'Special Character'],
        $: ['Other'],
      },
    });
    expect(splitFormErrors(error, ['email', 'password'])).toEqual({
      fields: { email: 'Enter a valid email address.', password: 'One number Special Character' },
      general: ['Other'],
    });
  });

  it('reports a text answer (409) or a message as general', () => {
    expect(splitFormErrors(new ApiError(409, 'That email is already registered.'), ['email'])).toEqual({
      fields: {},
      general: ['That email is already registered.'],
    });
    expect(
      splitFormErrors(new ApiError(401, { message: 'Incorrect email or password.' }), ['email']).general,
    ).toEqual(['Incorrect email or password.']);
    expect(splitFormErrors(new Error('offline'), []).general).toEqual(['offline']);
  });
});
