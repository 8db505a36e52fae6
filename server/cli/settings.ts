import type { Command } from 'commander';
import type { CliTools } from './tools.js';
import { InvalidInput } from '../domain/errors.js';
import {
  OPERATOR_SETTING_KEYS,
  OPERATOR_SETTINGS,
  operatorSettingJson,
  operatorSettingKey,
  operatorSettingLine,
  setOperatorSetting,
  unsetOperatorSetting,
} from '../services/operator-settings.js';

const KEYS_HELP = OPERATOR_SETTING_KEYS.map((k) => `  ${k.padEnd(28)} ${OPERATOR_SETTINGS[k].about}`).join(
  '\n',
);

/**
 * `settings list|get|set|unset`: the node settings an operator may set (services/operator-settings.ts).
 * A running node reads them afresh, so a change applies without a restart.
 */
export function registerSettingsCommands(program: Command, cli: CliTools): void {
  const settings = program
    .command('settings')
    .description('node settings an operator may set (a running node applies a change without a restart)');

  settings
    .command('list')
    .description('every setting with its value, its default and which applies')
    .action(() =>
      cli.withExistingServices(({ db }) =>
        cli.out(
          { settings: OPERATOR_SETTING_KEYS.map((k) => operatorSettingJson(db, k)) },
          OPERATOR_SETTING_KEYS.map((k) => operatorSettingLine(db, k)).join('\n'),
        ),
      ),
    );

  settings
    .command('get')
    .description('one setting: its value, its default and which applies')
    .argument('<key>', OPERATOR_SETTING_KEYS.join(' or '))
    .action((name: string) => {
      const key = operatorSettingKey(name);
      return cli.withExistingServices(({ db }) =>
        cli.out(operatorSettingJson(db, key), operatorSettingLine(db, key)),
      );
    });

  settings
    .command('set')
    .description('sets one, audited; a value with spaces (a cron schedule) goes in quotes')
    .argument('<key>', OPERATOR_SETTING_KEYS.join(' or '))
    // Several words are a schedule left unquoted, which the shell has already expanded (each * a
    // list of file names): refused, with the quotes to add, instead of read as something else.
    .argument('<value...>', 'the new value')
    .addHelpText('after', `\nSettings:\n${KEYS_HELP}`)
    .action((name: string, words: string[]) => {
      const key = operatorSettingKey(name);
      if (words.length > 1)
        throw new InvalidInput(
          `the value is one argument: put it in quotes, e.g. settings set ${key} ${OPERATOR_SETTINGS[key].example} (unquoted, the shell splits it at each space and turns a * into file names)`,
          'value',
        );
      return cli.withServices(async ({ db }) => {
        const json = await setOperatorSetting(db, key, words[0], cli.actor);
        cli.out(json, `${operatorSettingLine(db, key)}; a running node applies it without a restart`);
      });
    });

  settings
    .command('unset')
    .description('removes one, audited: its default applies again')
    .argument('<key>', OPERATOR_SETTING_KEYS.join(' or '))
    .action((name: string) => {
      const key = operatorSettingKey(name);
      return cli.withExistingServices(({ db }) => {
        const json = unsetOperatorSetting(db, key, cli.actor);
        cli.out(json, `${operatorSettingLine(db, key)}; a running node applies it without a restart`);
      });
    });
}
