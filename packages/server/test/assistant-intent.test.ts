/**
 * What a question asks for, read from its words (intent.ts): the owner it names against an operation's path, and
 * its action when a question word or an undoing verb is in it. Pure functions; the ranking effect is tested on the
 * GitHub REST site (assistant-github.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { pathScope, questionActions, questionScopes } from '../src/assistant/intent.ts';

describe('owners', () => {
  it('reads the owner an operation path starts from, and the owners named further on', () => {
    expect(pathScope('/user/interaction-limits')).toEqual({ owner: 'me', named: new Set(['me']) });
    expect(pathScope('/users/{username}/keys')).toEqual({ owner: 'user', named: new Set(['user']) });
    expect(pathScope('/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}')).toEqual({ owner: 'org', named: new Set(['org', 'repo']) });
    expect(pathScope('/repos/{owner}/{repo}/collaborators/{username}')).toEqual({ owner: 'repo', named: new Set(['repo', 'user']) });
    expect(pathScope('/app/installations/{installation_id}')).toEqual({ owner: 'app', named: new Set(['app']) });
    expect(pathScope('/gists/public').owner).toBeUndefined();
  });

  it('reads the owners a question names; "my repo" names the repository, not the reader', () => {
    expect(questionScopes('Who is watching my repo?')).toEqual(new Set(['repo']));
    expect(questionScopes('Get everyone who belongs to our organization')).toEqual(new Set(['org']));
    expect(questionScopes("Look up a user's profile")).toEqual(new Set(['user']));
    expect(questionScopes('Which teams am I on?')).toEqual(new Set(['me']));
    expect(questionScopes('Create a label')).toEqual(new Set());
  });
});

describe('actions', () => {
  it('takes a question word inside the question for what is acted on, not for reading', () => {
    expect(questionActions('Change which events a repository webhook listens to')).toEqual(new Set(['update']));
    expect(questionActions('Which events does this webhook listen to?')).toEqual(new Set(['read']));
  });

  it('reads "how many" / "how much" questions, whatever verbs follow', () => {
    expect(questionActions('How many lines were added and removed each week?')).toEqual(new Set(['read']));
    expect(questionActions('How much storage do Actions caches use?')).toEqual(new Set(['read']));
  });

  it('takes an instruction opening with a verb that is no action word for a change (create, update or delete)', () => {
    expect(questionActions('Leave a comment on a commit')).toEqual(new Set(['create', 'update', 'delete']));
    expect(questionActions('Ban someone from our organization')).toEqual(new Set(['create', 'update', 'delete']));
    // Reading verbs are action words; a question opening with a noun or a pronoun is no instruction.
    expect(questionActions("Filter a repository's issues by label")).toEqual(new Set(['read']));
    expect(questionActions('Explain the rate limit')).toEqual(new Set(['read']));
    expect(questionActions("Repos I've starred")).toEqual(new Set(['create']));
    expect(questionActions('Secrets that a repository uses')).toEqual(new Set());
    expect(questionActions('Webhooks of a repository')).toEqual(new Set());
  });

  it('reads a phrasal verb split by its object ("take someone off"), and storing as creating or changing', () => {
    expect(questionActions('Take someone off a team')).toEqual(new Set(['delete']));
    expect(questionActions('I invited the wrong person, how do I take it back?')).toEqual(new Set(['create', 'delete']));
    expect(questionActions('Turn the protection on')).toEqual(new Set(['create', 'update']));
    expect(questionActions('Store a secret that Dependabot can use')).toEqual(new Set(['create', 'update']));
    // Only a pronoun, or a determiner and a word, stand between: "signed commits on main" is no "sign on".
    expect(questionActions('Take the old deploy keys of the repository off')).toEqual(new Set(['create', 'update', 'delete']));
    expect(questionActions('Require signed commits on the main branch')).toEqual(new Set());
  });

  it('reads a verb that undoes a creation as a deletion, one that undoes a change as a change', () => {
    expect(questionActions('Unregister a runner')).toEqual(new Set(['delete']));
    expect(questionActions('Deregister a runner')).toEqual(new Set(['delete']));
    expect(questionActions('Unarchive a repository')).toEqual(new Set(['update']));
  });
});
