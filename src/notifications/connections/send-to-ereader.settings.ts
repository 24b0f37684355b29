import { ArrayNotEmpty, IsArray, IsEmail, IsInt, Matches, Max, Min } from 'class-validator';
import { Field } from '../../integrations/core/field.decorator';

/** Formats a device may accept (file extensions, upper case). */
export const EREADER_FORMATS = [
  'EPUB',
  'PDF',
  'MOBI',
  'AZW3',
  'AZW',
  'KEPUB',
  'FB2',
  'TXT',
  'RTF',
  'CBZ',
  'M4B',
  'MP3',
];
const FORMAT = new RegExp(`^(${EREADER_FORMATS.join('|')})$`, 'i');

export class SendToEReaderSettings {
  @Field({
    order: 0,
    label: 'E-Reader Email',
    helpText: "The device's address, e.g. name@kindle.com; add HUB_SMTP_FROM to the device's approved senders",
  })
  @IsEmail({}, { message: "'E-Reader Email' must be a valid email address." })
  email = '';

  @Field({
    order: 1,
    label: 'Formats',
    type: 'tag',
    helpText: `Acceptable formats, most preferred first (${EREADER_FORMATS.join(', ')})`,
  })
  @IsArray()
  @ArrayNotEmpty({ message: "'Formats' must not be empty." })
  @Matches(FORMAT, { each: true, message: `'Formats' may only hold ${EREADER_FORMATS.join(', ')}.` })
  formats: string[] = ['EPUB', 'PDF'];

  @Field({
    order: 2,
    label: 'Maximum Size',
    unit: 'MB',
    valueType: 'number',
    helpText: 'Larger files are reported, not sent (Kindle: 50 MB)',
  })
  @IsInt()
  @Min(1)
  @Max(1024)
  maxSizeMB = 50;
}
