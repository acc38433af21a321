#!/bin/sh
# Frames per second on one clip (docs/video.md), each configuration in turn, same session:
#   tools/video_speed.sh CLIP [FACEDETECT] [DEFACE]
# ffmpeg alone (decode to raw RGB; decode piped into the encoder the tool uses: the ceiling of the
# pipes), then facedetect --blur with the default detector and the fastest (yunet-s, no landmarks
# or classification), 1 thread and all cores, then deface (its defaults) when DEFACE is given.
# Outputs go to the current directory: fd-*.mp4 and .jsonl (check them with video_tracking_clip.py).
set -eu
clip=${1:?usage: tools/video_speed.sh CLIP [FACEDETECT] [DEFACE]}
facedetect=${2:-.build/release/facedetect}
deface=${3:-}
cores=$(nproc)
frames=$(ffprobe -v error -select_streams v:0 -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$clip")
size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 "$clip")
rate=$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 "$clip")
now() { date +%s.%N; }
report() { echo "$1: $(echo "$frames / ($3 - $2)" | bc -l | xargs printf '%.1f') fps ($(echo "$3 - $2" | bc -l | xargs printf '%.2f') s, load $(cut -d' ' -f1 /proc/loadavg))"; }

start=$(now); ffmpeg -v error -nostdin -i "$clip" -f rawvideo -pix_fmt rgb24 pipe:1 > /dev/null; report "ffmpeg decode to raw RGB" "$start" "$(now)"
start=$(now)
ffmpeg -v error -nostdin -i "$clip" -f rawvideo -pix_fmt rgb24 pipe:1 |
    ffmpeg -v error -y -f rawvideo -pix_fmt rgb24 -s "$size" -r "$rate" -i pipe:0 -i "$clip" -map 0:v:0 -map '1:a?' \
        -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -c:a copy pipes.mp4
report "ffmpeg decode | encode (the tool's pipes, no detection)" "$start" "$(now)"
for threads in 1 "$cores"; do
    start=$(now); "$facedetect" "$clip" -o "fd-default-$threads.mp4" --blur --json "fd-default-$threads.jsonl" --threads "$threads" --no-progress 2>/dev/null
    report "facedetect --blur, default detector, $threads thread(s)" "$start" "$(now)"
    start=$(now); "$facedetect" "$clip" -o "fd-fastest-$threads.mp4" --blur --json "fd-fastest-$threads.jsonl" --threads "$threads" \
        --detector yunet-s --landmarks none --classification none --no-progress 2>/dev/null
    report "facedetect --blur, yunet-s without landmarks, $threads thread(s)" "$start" "$(now)"
done
if [ -n "$deface" ]; then
    start=$(now); "$deface" "$clip" -o deface.mp4 > /dev/null 2>&1; report "deface 1.5.0 (defaults, onnxruntime)" "$start" "$(now)"
fi
