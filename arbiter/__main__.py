from arbiter.launch import main

main()
