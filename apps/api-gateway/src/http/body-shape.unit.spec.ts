import { MAX_BODY_DEPTH, findBodyProblem } from './body-shape';

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

describe('the shape of a request body', () => {
  it('accepts ordinary text, Urdu and paired surrogates (emoji)', () => {
    expect(findBodyProblem({ sender: 'JazzCash', body: 'رقم موصول ہوئی 😀', list: ['a', { b: 'c' }] })).toBeNull();
  });

  it('names the first value, in document order, with a NUL character or a lone surrogate', () => {
    const problem = (path: string) => `${path} contains a NUL character or invalid Unicode`;
    expect(findBodyProblem({ body: 'Rs 100\u0000' })).toBe(problem('body.body'));
    expect(findBodyProblem({ accounts: { bank: ['ok', 'x\uD83D'] }, later: '\u0000' })).toBe(problem('body.accounts.bank[1]'));
    expect(findBodyProblem({ note: '\uDE00 alone' })).toBe(problem('body.note'));
    expect(findBodyProblem({ ok: { ['key\u0000']: 1 } })).toBe('body.ok (a property name) contains a NUL character or invalid Unicode');
  });

  it(`accepts ${MAX_BODY_DEPTH} levels of nesting and refuses one more, arrays and objects alike`, () => {
    expect(findBodyProblem(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(findBodyProblem(nested(MAX_BODY_DEPTH, 'text'))).toBeNull();
    expect(findBodyProblem(nested(MAX_BODY_DEPTH + 1))).toBe(`The request body nests deeper than ${MAX_BODY_DEPTH} levels`);
    expect(findBodyProblem(nested(MAX_BODY_DEPTH, []))).toBe(`The request body nests deeper than ${MAX_BODY_DEPTH} levels`);
  });

  it('reads a body far deeper than the call stack allows without failing', () => {
    expect(findBodyProblem(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(
      `The request body nests deeper than ${MAX_BODY_DEPTH} levels`,
    );
  });
});
