import { pageAccess } from '../auth/permissions.js';
import { parsePrefixedTitle, TitleError } from '../pages/namespaces.js';
import { findPageById } from '../storage/pages.js';
import { ApiError } from './api-error.js';

/** `{namespace, title}` named by the `title` or `pageid` parameter. */
export function pageTarget({ db, config, caller, params }) {
  if (params.title !== undefined && params.pageid !== undefined) {
    throw new ApiError('invalidparammix', 'The parameters "title" and "pageid" can not be used together.');
  }
  if (params.pageid !== undefined) {
    const page = /^\d+$/.test(params.pageid) ? findPageById(db, Number(params.pageid)) : null;
    if (!page || !pageAccess(config, caller, page.namespace, page.title).read) {
      throw new ApiError('nosuchpageid', `There is no page with ID ${params.pageid}.`);
    }
    return { namespace: page.namespace, title: page.title };
  }
  if (params.title === undefined) throw new ApiError('missingparam', 'One of the parameters "title" and "pageid" is required.');
  try {
    return parsePrefixedTitle(params.title);
  } catch (error) {
    if (error instanceof TitleError) throw new ApiError('invalidtitle', `Bad title "${params.title}".`);
    throw error;
  }
}
