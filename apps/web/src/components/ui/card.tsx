import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div data-slot="card" className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1 p-4 pb-2 sm:p-5 sm:pb-2', className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 data-slot="card-title" className={cn('text-base font-semibold text-slate-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p data-slot="card-description" className={cn('text-sm text-slate-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div data-slot="card-content" className={cn('p-4 pt-2 sm:p-5 sm:pt-2', className)} {...props} />;
}

export interface CardHeadingProps {
  title: ReactNode;
  /** An icon before the title (the member screens' cards). */
  icon?: LucideIcon;
  description?: ReactNode;
  /** The icon's colour; the brand's by default. */
  iconClassName?: string;
  titleClassName?: string;
  descriptionTestId?: string;
  className?: string;
  /** Shown in the header under the description (a progress line, buttons). */
  children?: ReactNode;
}

/** A card title that opens with an icon. */
export function IconCardTitle({
  icon: Icon,
  iconClassName = 'text-brand-700',
  children,
}: { icon: LucideIcon } & Pick<CardHeadingProps, 'iconClassName' | 'children'>) {
  return (
    <CardTitle className="flex items-center gap-2">
      <Icon className={cn('size-5', iconClassName)} aria-hidden="true" />
      {children}
    </CardTitle>
  );
}

/** A card's header: its title (after an icon, if given), its description and whatever follows them. */
export function CardHeading({
  icon,
  title,
  description,
  iconClassName,
  titleClassName,
  descriptionTestId,
  className,
  children,
}: CardHeadingProps) {
  return (
    <CardHeader className={className}>
      {icon ? (
        <IconCardTitle icon={icon} iconClassName={iconClassName}>
          {title}
        </IconCardTitle>
      ) : (
        <CardTitle className={titleClassName}>{title}</CardTitle>
      )}
      {description === undefined ? null : <CardDescription data-testid={descriptionTestId}>{description}</CardDescription>}
      {children}
    </CardHeader>
  );
}

export interface TitledCardProps extends Omit<CardHeadingProps, 'className' | 'children'> {
  className?: string;
  contentClassName?: string;
  testId?: string;
  children: ReactNode;
}

/** A card made of a `CardHeading` and one body. */
export function TitledCard({ className, contentClassName, testId, children, ...heading }: TitledCardProps) {
  return (
    <Card className={className} data-testid={testId}>
      <CardHeading {...heading} />
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/**
 * A small card: a toned icon and a label, then one figure under them (a bar while it loads): the dashboard's wallets
 * and a team level's summary.
 */
export function FigureCard(props: {
  icon: LucideIcon;
  /** The icon tile's colours. */
  tone: string;
  label: ReactNode;
  /** The figure; undefined while it loads. */
  value: ReactNode | undefined;
  testId: string;
}) {
  const Icon = props.icon;
  return (
    <Card className="h-full p-3 sm:p-4" data-testid={props.testId}>
      <div className="flex items-center gap-2">
        <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', props.tone)}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <span className="text-xs font-medium text-slate-600 sm:text-sm">{props.label}</span>
      </div>
      {props.value === undefined ? (
        <Skeleton className="mt-3 h-5 w-20" />
      ) : (
        <p className="mt-2 text-base font-bold break-all text-slate-900 tabular-nums sm:text-lg">{props.value}</p>
      )}
    </Card>
  );
}
