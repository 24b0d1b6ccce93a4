import { MapPin, Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Place } from '#common/place-schemas';
import { cn } from '#client/lib/utils';
import { usePlaceSearch } from '../api/search-places';
import { Message, useT } from '#client/lib/i18n/use-t';

/** Waits this long after the last key before asking (as-you-type without a request per key). */
const TYPING_PAUSE_MS = 150;

/**
 * "Jump to a place" above a map: a combobox (WAI-ARIA APG, list autocomplete) over the server's offline gazetteer.
 * Up/Down move through the towns found, Enter chooses one, Escape closes the list (a second Escape clears the
 * text); a status line tells screen readers how many were found. Choosing moves the map only: the reader's
 * position, and with it every lock, stays what the device says.
 */
export function JumpToPlace({ onChoose }: { onChoose: (place: Place) => void }) {
  const t = useT();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = usePlaceSearch(typed);
  const places = typed.trim() && search.data ? search.data : [];
  const answered = typed.trim() !== '' && search.isSuccess && !search.isPlaceholderData;
  const expanded = open && text.trim() !== '' && places.length > 0;

  useEffect(() => {
    if (answered && open) setAnnouncement(t('places.found', { count: search.data.length }));
  }, [answered, open, search.data, t]);

  const choose = (place: Place) => {
    setText(place.label);
    setTyped(place.label);
    setOpen(false);
    setActive(-1);
    setAnnouncement(t('places.mapMoved', { place: place.label }));
    onChoose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!places.length) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current < 0 && step < 0 ? places.length - 1 : (current + step + places.length) % places.length,
      );
    } else if (event.key === 'Enter') {
      const place = places[active] ?? (expanded ? places[0] : undefined);
      if (place) {
        event.preventDefault();
        choose(place);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className="sr-only">
        {t('places.jumpToPlace')}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-mist-400"
          aria-hidden
        />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={t('places.jumpToPlace')}
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => text.trim() && setOpen(true)}
          className="flex h-10 w-full rounded-lg border border-night-600 bg-night-900 ps-9 pe-3 text-sm text-mist-100 placeholder:text-mist-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-glow-400"
        />
      </div>
      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-night-600 bg-night-900 shadow-xl"
      >
        <ul id={listId} role="listbox" aria-label={t('places.places')} className="max-h-72 overflow-y-auto py-1">
          {places.map((place, index) => (
            <li
              key={`${place.label}@${place.latitude},${place.longitude}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Chosen on mouse down: a click's blur would close the list before the click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(place);
              }}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-mist-100',
                index === active ? 'bg-night-700' : 'hover:bg-night-800',
              )}
            >
              <MapPin className="h-4 w-4 shrink-0 text-mist-400" aria-hidden />
              <span className="truncate">
                {place.name}
                <span className="text-mist-400">
                  , {place.region ? `${place.region}, ${place.country}` : place.country}
                </span>
              </span>
            </li>
          ))}
        </ul>
        {/* The gazetteer's licence (CC BY 4.0) asks for this credit where its data is shown. */}
        <p className="border-t border-night-700 px-3 py-1.5 text-[11px] text-mist-400">
          <Message
            id="places.credit"
            components={{
              0: (
                <a
                  href="https://www.geonames.org/"
                  target="_blank"
                  rel="noopener noreferrer"
                  // A click on the credit must not close the list before it lands (as for the options).
                  onMouseDown={(event) => event.preventDefault()}
                  className="underline underline-offset-2 hover:text-mist-100"
                />
              ),
            }}
          />
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
