#!/bin/sh
# The two demo videos: a slow 3-second zoom into a cover, as MP4 (H.264) and WebM (VP9), the two
# types the event-videos bucket accepts. Needs ffmpeg with libx264 and libvpx.
# Run from anywhere: sh supabase/seed-media/make-videos.sh
set -e
cd "$(dirname "$0")"
ZOOM="scale=3200:-1,zoompan=z='1+0.0016*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=75:s=640x336:fps=25,format=yuv420p"
ffmpeg -hide_banner -loglevel error -y -loop 1 -i event-covers/seed/music-1.png -vf "$ZOOM" -frames:v 75 -an \
  -c:v libx264 -profile:v high -preset veryslow -crf 28 -movflags +faststart -map_metadata -1 -fflags +bitexact \
  event-videos/seed/jazz-jam.mp4
ffmpeg -hide_banner -loglevel error -y -loop 1 -i event-covers/seed/food-1.png -vf "$ZOOM" -frames:v 75 -an \
  -c:v libvpx-vp9 -b:v 0 -crf 38 -row-mt 1 -deadline good -cpu-used 1 -map_metadata -1 -fflags +bitexact \
  event-videos/seed/ramen-crawl.webm
ls -l event-videos/seed
