import { useId, useState, type FormEvent } from 'react';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  SCREENING_ACTIONS,
  type BuiltInRuleCode,
  type CorpusFigures,
  type ScreeningAction,
  type ScreeningRule,
} from '../../../../common/moderation/screening';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { HeadedSection } from '../../components/ui/headed-section';
import { FieldError, Input, Label, NativeSelect } from '../../components/ui/form-controls';
import { MutationButton } from '../../components/ui/mutation-button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import {
  useAddWord,
  useDeleteWord,
  useScreeningSettings,
  useUpdateBuiltInRule,
} from './moderation-api';

/** "12.5 %" of the whole, to a tenth of a percent ("0 %" of nothing). */
const share = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

function Figures({ figures }: { figures: CorpusFigures }) {
  const { t } = useTranslation('moderation');
  const percent = (part: number, whole: number) =>
    t('screening.percent', { value: share(part, whole) });
  const ofTotal = (part: number, whole: number) => t('screening.figures.ofTotal', { part, whole });
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">{t('screening.figures.title')}</h2>
      <p className="mt-1 text-sm text-muted">{t('screening.figures.intro')}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">{t('screening.figures.scams')}</dt>
          <dd className="text-2xl font-bold">
            {percent(figures.scamsCaught, figures.scams)}
            <span className="block text-sm font-normal text-muted">
              {ofTotal(figures.scamsCaught, figures.scams)}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('screening.figures.ordinaryHeld')}</dt>
          <dd className="text-2xl font-bold">
            {percent(figures.ordinaryHeld, figures.ordinary)}
            <span className="block text-sm font-normal text-muted">
              {ofTotal(figures.ordinaryHeld, figures.ordinary)}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('screening.figures.ordinaryWarned')}</dt>
          <dd className="text-2xl font-bold">
            {percent(figures.ordinaryWarned, figures.ordinary)}
            <span className="block text-sm font-normal text-muted">
              {ofTotal(figures.ordinaryWarned, figures.ordinary)}
            </span>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function ActionSelect({
  id,
  label,
  value,
  onChange,
  choices = SCREENING_ACTIONS,
}: {
  id: string;
  label: string;
  value: ScreeningAction;
  onChange: (value: ScreeningAction) => void;
  choices?: readonly ScreeningAction[];
}) {
  const { t } = useTranslation('moderation');
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as ScreeningAction)}
      >
        {choices.map((a) => (
          <option key={a} value={a}>
            {t(`screening.actions.${a}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function BuiltInRuleForm({ rule }: { rule: ScreeningRule }) {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const id = useId();
  const update = useUpdateBuiltInRule();
  const [action, setAction] = useState(rule.action);
  const [strictAction, setStrictAction] = useState(rule.strictAction);
  const [exception, setException] = useState(rule.exception ?? '');
  const [error, setError] = useState<string | null>(null);
  const name = t(`screeningRules.${rule.code}.name`);
  const catches = t(`screeningRules.${rule.code}.catches`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // A save gives the form a new key (it starts again from what the server keeps), so the
    // answer is awaited here rather than in callbacks the old form would never run.
    update
      .mutateAsync({
        code: rule.code as BuiltInRuleCode,
        action,
        strictAction,
        exception: exception || null,
      })
      .then(
        () =>
          toast({ title: t('screening.saved'), description: t('screening.savedText', { name }) }),
        (err: unknown) => {
          setError(errorMessage(err, t('screening.saveFailed')));
          toastError(say(errorMessage(err, t('screening.saveFailed'))));
        },
      );
  };
  return (
    <Card className="p-5">
      <form onSubmit={submit} aria-labelledby={`${id}-name`} className="grid gap-3">
        <div>
          <h3 id={`${id}-name`} className="font-semibold">
            {name}
          </h3>
          <p className="text-sm text-muted">{catches}</p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <ActionSelect
            id={`${id}-action`}
            label={t('screening.usually')}
            value={action}
            onChange={setAction}
          />
          <ActionSelect
            id={`${id}-strict`}
            label={t('screening.strict')}
            value={strictAction}
            onChange={setStrictAction}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-exception`}>{t('screening.exception')}</Label>
          <Input
            id={`${id}-exception`}
            value={exception}
            onChange={(e) => setException(e.target.value)}
            aria-describedby={`${id}-exception-hint${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-exception-hint`} className="text-xs text-muted">
            {t('screening.exceptionHint')}
          </p>
          <FieldError id={id} error={error} />
        </div>
        <div>
          <Button type="submit" size="sm" disabled={update.isPending}>
            <Save className="size-4" aria-hidden />
            {update.isPending ? t('shared.saving') : t('screening.save', { name })}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function WordRow({ rule }: { rule: ScreeningRule }) {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const remove = useDeleteWord();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere">{rule.words}</p>
        <p className="text-sm text-muted">
          {rule.exception
            ? t('screening.wordActionsExcept', {
                action: t(`screening.actions.${rule.action}`),
                strict: t(`screening.actions.${rule.strictAction}`),
                exception: rule.exception,
              })
            : t('screening.wordActions', {
                action: t(`screening.actions.${rule.action}`),
                strict: t(`screening.actions.${rule.strictAction}`),
              })}
        </p>
      </div>
      <MutationButton
        size="sm"
        variant="outline"
        aria-label={t('screening.removeWordLabel', { words: rule.words ?? '' })}
        mutation={remove}
        variables={rule.id!}
        outcome={{
          onError: (err) => toastError(say(errorMessage(err, t('screening.removeFailed')))),
        }}
      >
        <Trash2 className="size-4" aria-hidden />
        {t('screening.remove')}
      </MutationButton>
    </li>
  );
}

type WordAction = 'hold' | 'warn';

function AddWordForm() {
  const { t } = useTranslation('moderation');
  const id = useId();
  const add = useAddWord();
  const [words, setWords] = useState('');
  const [exception, setException] = useState('');
  const [action, setAction] = useState<WordAction>('warn');
  const [strictAction, setStrictAction] = useState<WordAction>('hold');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      { words, exception: exception || null, action, strictAction },
      {
        onSuccess: () => {
          setWords('');
          setException('');
          toast({ title: t('screening.wordAdded'), description: t('screening.wordAddedText') });
        },
        onError: (err) => setError(errorMessage(err, t('screening.addFailed'))),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('screening.addForm')} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-words`}>{t('screening.word')}</Label>
          <Input
            id={`${id}-words`}
            value={words}
            onChange={(e) => setWords(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-exception`}>{t('screening.exceptionOptional')}</Label>
          <Input
            id={`${id}-exception`}
            value={exception}
            onChange={(e) => setException(e.target.value)}
          />
        </div>
        <ActionSelect
          id={`${id}-action`}
          label={t('screening.usually')}
          value={action}
          onChange={(v) => setAction(v as WordAction)}
          choices={['hold', 'warn']}
        />
        <ActionSelect
          id={`${id}-strict`}
          label={t('screening.strict')}
          value={strictAction}
          onChange={(v) => setStrictAction(v as WordAction)}
          choices={['hold', 'warn']}
        />
      </div>
      <FieldError id={id} error={error} />
      <div>
        <Button type="submit" size="sm" disabled={add.isPending || !words.trim()}>
          <Plus className="size-4" aria-hidden />
          {add.isPending ? t('screening.adding') : t('screening.add')}
        </Button>
      </div>
    </form>
  );
}

/** The screening rules: what each holds or warns, moderators' words, and how they do. */
export function RulesTab() {
  const { t } = useTranslation('moderation');
  const settings = useScreeningSettings();
  if (settings.isLoading) return <Skeleton className="h-72" />;
  if (settings.isError || !settings.data) {
    return (
      <Card className="p-8 text-center">
        <p className="font-semibold">{t('screening.loadFailed')}</p>
        <Button className="mt-4" variant="outline" onClick={() => void settings.refetch()}>
          {t('shared.tryAgain')}
        </Button>
      </Card>
    );
  }
  const { rules, figures } = settings.data;
  const builtIn = rules.filter((r) => r.code !== 'word');
  const words = rules.filter((r) => r.code === 'word');
  return (
    <div className="grid gap-5">
      <Figures figures={figures} />
      <HeadedSection title={t('screening.rules')}>
        {builtIn.map((rule) => (
          // A save answers with new rows: the form starts again from what the server keeps.
          <BuiltInRuleForm key={`${rule.code}:${rule.updatedAt ?? ''}`} rule={rule} />
        ))}
      </HeadedSection>
      <HeadedSection title={t('screening.words')}>
        <Card className="grid gap-4 p-5">
          {words.length === 0 ? (
            <p className="text-sm text-muted">{t('screening.noWords')}</p>
          ) : (
            <ul className="grid gap-2">
              {words.map((rule) => (
                <WordRow key={rule.id} rule={rule} />
              ))}
            </ul>
          )}
          <AddWordForm />
        </Card>
      </HeadedSection>
    </div>
  );
}
