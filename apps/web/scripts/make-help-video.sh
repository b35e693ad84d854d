#!/usr/bin/env bash
# Regenerates the help video shown in the top bar's help modal, and its French captions.
#   bash apps/web/scripts/make-help-video.sh [video-id]
# The id must equal HELP_VIDEO_ID in apps/web/src/features/help/helpVideo.ts: a new id makes the
# modal open again for every user, so give a new video a new id.
set -euo pipefail

VIDEO_ID="${1:-tour-2026-1}"
OUT_DIR="$(cd "$(dirname "$0")/.." && pwd)/public/videos"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
FONT_BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
SLIDE_SECONDS=5

# Slide titles and subtitles (French: the help video is in the product's language).
TITLES=('Bienvenue sur Comptoir' 'Vos ventes' 'Vos clôtures' 'Vos exports' "Besoin d'aide ?")
SUBTITLES=('Votre back-office en cinq étapes' 'Rapports de ventes' 'Administration fiscale' 'Comptabilité' 'FAQ et vidéos')

command -v ffmpeg >/dev/null || { echo 'ffmpeg is missing: apt-get install -y ffmpeg' >&2; exit 1; }
[ -f "$FONT" ] && [ -f "$FONT_BOLD" ] || { echo 'DejaVu fonts are missing: apt-get install -y fonts-dejavu-core' >&2; exit 1; }
mkdir -p "$OUT_DIR"

# Texts go through files: drawtext's own escaping of quotes and colons is fragile.
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

SLIDES=${#TITLES[@]}
DURATION=$((SLIDES * SLIDE_SECONDS))
FILTER="drawbox=x=0:y=ih-96:w=iw:h=96:color=0x152a2c:t=fill"
VTT="WEBVTT"$'\n'
for i in $(seq 0 $((SLIDES - 1))); do
  start=$((i * SLIDE_SECONDS))
  end=$((start + SLIDE_SECONDS))
  printf '%s' "${TITLES[$i]}" >"$WORK/title-$i.txt"
  printf '%s' "${SUBTITLES[$i]}" >"$WORK/subtitle-$i.txt"
  printf '%s / %s' $((i + 1)) "$SLIDES" >"$WORK/step-$i.txt"
  # Each slide fades in over its first half second and out over its last; the first one is there from
  # the first frame, which the player shows before playing.
  fade_in=$([ "$i" -eq 0 ] && echo 0 || echo 0.5)
  alpha="if(lt(t-${start},${fade_in}),(t-${start})/0.5,if(gt(t,${end}-0.5),(${end}-t)/0.5,1))"
  enable="enable='gte(t,${start})*lt(t,${end})'"
  FILTER+=",drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/title-$i.txt:fontsize=64:fontcolor=0xffffff"
  FILTER+=":x=(w-text_w)/2:y=(h-text_h)/2-70:alpha='${alpha}':${enable}"
  FILTER+=",drawtext=fontfile=${FONT}:textfile=${WORK}/subtitle-$i.txt:fontsize=40:fontcolor=0xe8b487"
  FILTER+=":x=(w-text_w)/2:y=(h-text_h)/2+30:alpha='${alpha}':${enable}"
  FILTER+=",drawtext=fontfile=${FONT}:textfile=${WORK}/step-$i.txt:fontsize=26:fontcolor=0xeaf1f0"
  FILTER+=":x=(w-text_w)/2:y=h-60:${enable}"
  VTT+=$'\n'"$((i + 1))"$'\n'"$(printf '00:00:%02d.000 --> 00:00:%02d.000' "$start" "$end")"$'\n'
  VTT+="${TITLES[$i]}"$'\n'"${SUBTITLES[$i]}"$'\n'
done

# The accent bar at the bottom slides in from the left as the video plays.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "color=c=0x1f3a3d:s=960x540:r=24:d=${DURATION}" \
  -f lavfi -i "color=c=0xa95c30:s=960x6:r=24:d=${DURATION}" \
  -filter_complex "[0:v]${FILTER}[slides];[slides][1:v]overlay=x='-W+W*t/${DURATION}':y=H-6[out]" \
  -map '[out]' \
  -c:v libvpx-vp9 -b:v 0 -crf 40 -deadline good -cpu-used 4 -row-mt 1 -pix_fmt yuv420p -an \
  "$OUT_DIR/help-${VIDEO_ID}.webm"
printf '%s' "$VTT" >"$OUT_DIR/help-${VIDEO_ID}.fr.vtt"

ls -l "$OUT_DIR/help-${VIDEO_ID}.webm" "$OUT_DIR/help-${VIDEO_ID}.fr.vtt"
