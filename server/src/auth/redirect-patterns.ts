/**
 * GoTrue matches `additional_redirect_urls` as globs with `.` and `/` as separators: `*` stays
 * within one label or path segment, `**` crosses them, `?` is one non-separator character.
 */
export function compileRedirectPattern(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') {
      re += '[^./]*';
    } else if (c === '?') {
      re += '[^./]';
    } else {
      re += c.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
    }
  }
  return new RegExp(`^${re}$`);
}
