import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'quire:isPublic';

/** Opts a route out of the API-key guard. Every use is listed in the route-walk test. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
