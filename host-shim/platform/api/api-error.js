/** An Action API error, answered as `{error: {code, info, ...data}}` like MediaWiki. */
export class ApiError extends Error {
  constructor(code, info, data = {}) {
    super(info);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

export const missingParam = (name) => new ApiError('missingparam', `The "${name}" parameter must be set.`);

export function requirePost(request) {
  if (request.method !== 'POST') throw new ApiError('mustbeposted', `The "${request.params.action}" module requires a POST request.`);
}
