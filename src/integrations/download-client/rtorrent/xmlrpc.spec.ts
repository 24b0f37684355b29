import { decodeMethodResponse, encodeMethodCall, XmlRpcFault, XmlRpcFormatError } from './xmlrpc';

const response = (value: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<methodResponse>\n<params>\n<param>${value}</param>\n</params>\n</methodResponse>\n`;

describe('XML-RPC for rTorrent', () => {
  it('encodes a call: strings escaped, 32-bit ints as i4, larger as i8, buffers as base64, arrays and structs', () => {
    const body = encodeMethodCall('load.raw_start', [
      '',
      Buffer.from('d4:infoe'),
      'd.custom1.set=a<b&c',
      7,
      2 ** 40,
      1.5,
      true,
      ['x', 1],
      { name: 'v' },
    ]);
    expect(body).toBe(
      '<?xml version="1.0"?><methodCall><methodName>load.raw_start</methodName><params>' +
        '<param><value><string></string></value></param>' +
        '<param><value><base64>ZDQ6aW5mb2U=</base64></value></param>' +
        '<param><value><string>d.custom1.set=a&lt;b&amp;c</string></value></param>' +
        '<param><value><i4>7</i4></value></param>' +
        '<param><value><i8>1099511627776</i8></value></param>' +
        '<param><value><double>1.5</double></value></param>' +
        '<param><value><boolean>1</boolean></value></param>' +
        '<param><value><array><data><value><string>x</string></value><value><i4>1</i4></value></data></array></value></param>' +
        '<param><value><struct><member><name>name</name><value><string>v</string></value></member></struct></value></param>' +
        '</params></methodCall>',
    );
  });

  it('refuses numbers XML-RPC cannot carry', () => {
    expect(() => encodeMethodCall('x', [Number.NaN])).toThrow(TypeError);
  });

  it('decodes rTorrent’s multicall answer: nested arrays, i8 sizes, strings with entities and spaces kept', () => {
    const xml = response(
      '<value><array><data>\n<value><array><data>\n' +
        '<value><string> Tom &amp; Jerry &#233; </string></value>\n' +
        '<value><i8>1099511627776</i8></value>\n' +
        '<value><i4>-3</i4></value>\n' +
        '<value><string/></value>\n' +
        '<value>untyped text</value>\n' +
        '<value><boolean>1</boolean></value>\n' +
        '<value><double>0.25</double></value>\n' +
        '<value><base64>aGk=</base64></value>\n' +
        '</data></array></value>\n</data></array></value>',
    );
    expect(decodeMethodResponse(xml)).toEqual([
      [' Tom & Jerry é ', 1099511627776, -3, '', 'untyped text', true, 0.25, Buffer.from('hi')],
    ]);
  });

  it('decodes a struct by member name', () => {
    const xml = response(
      '<value><struct><member><name>a</name><value><int>1</int></value></member>' +
        '<member><name>b</name><value><array><data></data></array></value></member></struct></value>',
    );
    expect(decodeMethodResponse(xml)).toEqual({ a: 1, b: [] });
  });

  it('throws a fault as XmlRpcFault with rTorrent’s code and text', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><methodResponse><fault><value><struct>' +
      '<member><name>faultCode</name><value><i4>-501</i4></value></member>' +
      '<member><name>faultString</name><value><string>Could not find info-hash.</string></value></member>' +
      '</struct></value></fault></methodResponse>';
    expect(() => decodeMethodResponse(xml)).toThrow(new XmlRpcFault(-501, 'Could not find info-hash.'));
    expect(() => decodeMethodResponse(xml)).toThrow('rTorrent returned error code -501: Could not find info-hash.');
  });

  it.each([
    ['an HTML error page', '<html><body>502 Bad Gateway</body></html>'],
    ['malformed XML', '<methodResponse><params><param><value><string>x</value></param></params></methodResponse>'],
    ['an unknown type', response('<value><date>x</date></value>')],
    ['a bad integer', response('<value><i4>12a</i4></value>')],
    ['a bad boolean', response('<value><boolean>yes</boolean></value>')],
    ['two types in one value', response('<value><i4>1</i4><string>x</string></value>')],
    ['stray text in an array', response('<value><array><data>junk<value>1</value></data></array></value>')],
    ['no params', '<methodResponse></methodResponse>'],
    ['not XML at all', 'Status: 500'],
  ])('refuses %s', (_what, xml) => {
    expect(() => decodeMethodResponse(xml)).toThrow(XmlRpcFormatError);
  });
});
