import { stripTrailingCommas } from './lenient-json';

describe('stripTrailingCommas', () => {
  it('drops commas before a closing brace or bracket, outside strings only', () => {
    expect(stripTrailingCommas('{"a": [1, 2, ], "b": {"c": 1 ,\n}, }')).toBe('{"a": [1, 2 ], "b": {"c": 1 \n} }');
    expect(JSON.parse(stripTrailingCommas('[{"x": "a,]", "y": "q\\",}"},]'))).toEqual([{ x: 'a,]', y: 'q",}' }]);
    expect(stripTrailingCommas('{"a": 1, "b": 2}')).toBe('{"a": 1, "b": 2}');
  });
});
