export class LanguageResource {
  id: number;
  name: string;
  nameLower: string;
}
