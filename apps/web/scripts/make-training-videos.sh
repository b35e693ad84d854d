#!/usr/bin/env bash
# Regenerates the seven training videos of the videos page, their French captions and posters.
#   bash apps/web/scripts/make-training-videos.sh [slug...]   (no slug: all seven)
# The file names are the `link` of the rows seeded by apps/server/src/db/migrations/022-videos.ts:
# renaming a file means a new migration that updates the row.
set -euo pipefail

OUT_DIR="$(cd "$(dirname "$0")/.." && pwd)/public/videos"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
FONT_BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
SLIDE_SECONDS=4

# One video per line: slug, then its slides as "title|subtitle", separated by ';' (French: the
# product's language). The first slide is the video's title card.
VIDEOS=(
  "01-premiers-pas;Premiers pas|Formation Comptoir 1 / 7;Le menu de gauche|Toutes vos rubriques en un clic;Établissement et période|Choisissez-les en haut de chaque rapport"
  "02-rapports;Lire vos rapports|Formation Comptoir 2 / 7;Chiffre d'affaires|Par jour, par caisse, par serveur;Paiements et TVA|Le détail de chaque encaissement"
  "03-clotures;Les clôtures|Formation Comptoir 3 / 7;Journalière et mensuelle|Faites par la caisse, signées;Clôture annuelle|Une fois l'exercice terminé"
  "04-archive-fiscale;L'archive fiscale|Formation Comptoir 4 / 7;Télécharger l'archive|Administration fiscale > Archives;Vérifier l'archive|Déposez les fichiers : signature contrôlée"
  "05-export-comptable;L'export comptable|Formation Comptoir 5 / 7;Fichier FEC|18 colonnes, prêt pour votre expert;Comptes et TVA|Paramétrez-les une seule fois"
  "06-comptes-clients;Les comptes clients|Formation Comptoir 6 / 7;Notes et crédits|Suivez le solde de chaque client;Relances|Envoyez un ticket par e-mail"
  "07-inspecteur;Inviter l'inspecteur|Formation Comptoir 7 / 7;Un accès en lecture seule|Pour l'administration fiscale;Par e-mail|L'inspecteur reçoit son lien de connexion"
)

command -v ffmpeg >/dev/null || { echo 'ffmpeg is missing: apt-get install -y ffmpeg' >&2; exit 1; }
[ -f "$FONT" ] && [ -f "$FONT_BOLD" ] || { echo 'DejaVu fonts are missing: apt-get install -y fonts-dejavu-core' >&2; exit 1; }
mkdir -p "$OUT_DIR"

# Texts go through files: drawtext's own escaping of quotes and colons is fragile.
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

make_video() {
  local slug="$1" spec="$2"
  local -a slides
  IFS=';' read -r -a slides <<<"$spec"
  local count=${#slides[@]}
  local duration=$((count * SLIDE_SECONDS))
  local filter="drawbox=x=0:y=ih-96:w=iw:h=96:color=0x152a2c:t=fill"
  local vtt="WEBVTT"$'\n'
  local i title subtitle start end fade_in alpha enable
  for i in $(seq 0 $((count - 1))); do
    title="${slides[$i]%%|*}"
    subtitle="${slides[$i]#*|}"
    start=$((i * SLIDE_SECONDS))
    end=$((start + SLIDE_SECONDS))
    printf '%s' "$title" >"$WORK/$slug-title-$i.txt"
    printf '%s' "$subtitle" >"$WORK/$slug-subtitle-$i.txt"
    # The first slide is there from the first frame, which the player shows before playing.
    fade_in=$([ "$i" -eq 0 ] && echo 0 || echo 0.5)
    alpha="if(lt(t-${start},${fade_in}),(t-${start})/0.5,if(gt(t,${end}-0.5),(${end}-t)/0.5,1))"
    enable="enable='gte(t,${start})*lt(t,${end})'"
    filter+=",drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/$slug-title-$i.txt:fontsize=58:fontcolor=0xffffff"
    filter+=":x=(w-text_w)/2:y=(h-text_h)/2-70:alpha='${alpha}':${enable}"
    filter+=",drawtext=fontfile=${FONT}:textfile=${WORK}/$slug-subtitle-$i.txt:fontsize=34:fontcolor=0xe8b487"
    filter+=":x=(w-text_w)/2:y=(h-text_h)/2+30:alpha='${alpha}':${enable}"
    vtt+=$'\n'"$((i + 1))"$'\n'"$(printf '00:00:%02d.000 --> 00:00:%02d.000' "$start" "$end")"$'\n'
    vtt+="${title}"$'\n'"${subtitle}"$'\n'
  done
  printf '%s' "Comptoir · formation" >"$WORK/$slug-brand.txt"
  filter+=",drawtext=fontfile=${FONT}:textfile=${WORK}/$slug-brand.txt:fontsize=24:fontcolor=0xeaf1f0:x=(w-text_w)/2:y=h-60"

  # The accent bar at the bottom fills as the video plays: it shows how much is left.
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=0x1f3a3d:s=960x540:r=24:d=${duration}" \
    -f lavfi -i "color=c=0xa95c30:s=960x6:r=24:d=${duration}" \
    -filter_complex "[0:v]${filter}[slides];[slides][1:v]overlay=x='-W+W*t/${duration}':y=H-6[out]" \
    -map '[out]' \
    -c:v libvpx-vp9 -b:v 0 -crf 42 -deadline good -cpu-used 4 -row-mt 1 -pix_fmt yuv420p -an \
    "$OUT_DIR/training-${slug}.webm"
  printf '%s' "$vtt" >"$OUT_DIR/training-${slug}.fr.vtt"
  # The card's poster: the title slide, at half size.
  ffmpeg -hide_banner -loglevel error -y -ss 1 -i "$OUT_DIR/training-${slug}.webm" -frames:v 1 \
    -vf scale=480:-2 -q:v 6 "$OUT_DIR/training-${slug}.jpg"
  ls -l "$OUT_DIR/training-${slug}".{webm,fr.vtt,jpg}
}

for entry in "${VIDEOS[@]}"; do
  slug="${entry%%;*}"
  if [ "$#" -gt 0 ] && [[ ! " $* " == *" $slug "* ]]; then continue; fi
  make_video "$slug" "${entry#*;}"
done
